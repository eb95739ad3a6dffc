import {
  type AddressFields,
  type AddressPart,
  formatOneLine,
  type GeocodedAddress,
  type LatLng,
} from '@lantern/address';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '../button.tsx';
import { Dialog } from '../dialog.tsx';
import type { PinMapProps } from '../map/pin-map.tsx';
import { Spinner } from '../spinner.tsx';

// Leaflet is loaded only when the map step opens (it touches `window` on import, and most
// visitors never need it).
const PinMap = lazy(() => import('../map/pin-map.tsx'));

/** A one-line address as the dialogs show it, with the unit. */
function AddressLines({ fields, mark = [] }: { fields: AddressFields; mark?: AddressPart[] }) {
  const street = [fields.streetAddress, fields.unit].filter((s) => s.trim()).join(', ');
  const part = (key: AddressPart, text: string) =>
    mark.includes(key) ? <mark className="ln-address__changed">{text}</mark> : text;
  return (
    <address className="ln-address">
      {street ? <span>{part('street', street)}</span> : null}
      <span>
        {part('city', fields.city)}, {part('state', fields.state)} {part('zipCode', fields.zipCode)}
      </span>
    </address>
  );
}

export interface ConfirmDialogProps {
  fields: AddressFields;
  onCorrect: () => void;
  onEdit: () => void;
}

/** 'Address Confirmation': the geocoder's result lacks a key part (spec section 2). */
export function ConfirmAddressDialog({ fields, onCorrect, onEdit }: ConfirmDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onEdit())}
      title="Address Confirmation"
      description="Please confirm this address is correct:"
      actions={
        <>
          <Button variant="secondary" onClick={onEdit}>
            Edit Address
          </Button>
          <Button onClick={onCorrect}>Address is Correct</Button>
        </>
      }
    >
      <AddressLines fields={fields} />
    </Dialog>
  );
}

export interface ChooseDialogProps {
  entered: AddressFields;
  likely: AddressFields;
  differing: AddressPart[];
  onUseEntered: () => void;
  onUseLikely: () => void;
  onEdit: () => void;
}

/** 'Which address would you like to use?': entered and geocoded parts differ (spec section 2). */
export function ChooseAddressDialog(props: ChooseDialogProps) {
  const { entered, likely, differing, onUseEntered, onUseLikely, onEdit } = props;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onEdit())}
      title="Which address would you like to use?"
      actions={
        <>
          <Button variant="secondary" onClick={onEdit}>
            Edit Address
          </Button>
          <Button variant="secondary" onClick={onUseEntered}>
            Use Entered Address
          </Button>
          <Button onClick={onUseLikely}>Use Likely Address</Button>
        </>
      }
    >
      <div className="ln-address-choice">
        <section aria-labelledby="ln-entered-address">
          <h3 id="ln-entered-address" className="ln-address-choice__heading">
            Entered Address
          </h3>
          <AddressLines fields={entered} />
        </section>
        <section aria-labelledby="ln-likely-address">
          <h3 id="ln-likely-address" className="ln-address-choice__heading">
            Likely Address
          </h3>
          <AddressLines fields={likely} mark={differing} />
        </section>
      </div>
    </Dialog>
  );
}

export interface LocationDialogProps {
  /** The geocoded result to start from, when there is one. */
  result?: GeocodedAddress | undefined;
  tiles: PinMapProps['tiles'];
  onSelect: (pin: LatLng) => void;
  onCancel: () => void;
}

/**
 * 'Select Location of Property': drag (or move with the arrow keys) the pin, then Select
 * Location. After it the address counts as validated and the form posts.
 */
export function LocationDialog({ result, tiles, onSelect, onCancel }: LocationDialogProps) {
  const [pin, setPin] = useState<LatLng | null>(null);
  const point = useMemo(
    () => (result?.lat != null && result.lng != null ? { lat: result.lat, lng: result.lng } : null),
    [result],
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      className="ln-dialog--wide"
      title="Select Location of Property"
      description="Drag the pin to your property."
      actions={
        <Button onClick={() => pin && onSelect(pin)} disabled={!pin}>
          Select Location
        </Button>
      }
    >
      {result ? (
        <p className="ln-location__near">Near {formatOneLine(resultLine(result))}</p>
      ) : null}
      <Suspense
        fallback={
          <div className="ln-pin-map ln-pin-map--loading">
            <Spinner label="Loading the map…" />
          </div>
        }
      >
        <PinMap point={point} viewport={result?.viewport ?? null} tiles={tiles} onChange={setPin} />
      </Suspense>
    </Dialog>
  );
}

function resultLine(result: GeocodedAddress) {
  return {
    streetAddress: [result.streetNumber, result.street].filter(Boolean).join(' '),
    city: result.city ?? '',
    state: result.state ?? '',
    zipCode: result.zipCode ?? '',
  };
}
