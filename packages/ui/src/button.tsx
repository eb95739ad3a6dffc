import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
}

export type ButtonAsButtonProps = ButtonStyleProps &
  ComponentPropsWithRef<'button'> & {
    href?: undefined;
    /** Disables the button and shows a spinner; the label stays for screen readers. */
    loading?: boolean;
  };

export type ButtonAsLinkProps = ButtonStyleProps & ComponentPropsWithRef<'a'> & { href: string };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

/** The classes a Button renders, for Astro markup that wants the same look without React. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block,
}: ButtonStyleProps = {}) {
  return cx(
    'ln-btn',
    `ln-btn--${variant}`,
    size !== 'md' && `ln-btn--${size}`,
    block && 'ln-btn--block',
  );
}

/** A <button>, or an <a> styled as one when `href` is given. */
export function Button(props: ButtonProps) {
  if (props.href !== undefined) {
    const { variant, size, block, className, rel, target, ...linkProps } = props;
    return (
      <a
        {...linkProps}
        target={target}
        // Spec 9: a link opened in a new tab must not get a handle on this window.
        rel={target === '_blank' ? cx(rel, 'noopener noreferrer') : rel}
        className={cx(buttonClassName({ variant, size, block }), className)}
      />
    );
  }
  const { variant, size, block, className, loading, disabled, children, ...buttonProps } = props;
  return (
    <button
      type="button"
      {...buttonProps}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(buttonClassName({ variant, size, block }), className)}
    >
      {loading ? <span className="ln-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
