import {
  ChevronLeft,
  ChevronRight,
  Eye,
  EyeOff,
  House,
  type LucideIcon,
  type LucideProps,
  Menu,
  MessageSquare,
  Package,
  Pencil,
  Plus,
  ReceiptText,
  Settings,
  TrendingUp,
  Users,
  X,
} from 'lucide-react';

/**
 * The dashboard's icons, all from Lucide (the one icon set of both front ends, docs/brand.md),
 * imported one by one so the build carries only these. Decorative: every control that shows one
 * also has a text name.
 */
const ICONS = {
  home: House,
  messages: MessageSquare,
  plus: Plus,
  invoice: ReceiptText,
  pencil: Pencil,
  people: Users,
  product: Package,
  settings: Settings,
  collapse: ChevronLeft,
  expand: ChevronRight,
  menu: Menu,
  close: X,
  eye: Eye,
  eyeOff: EyeOff,
  invest: TrendingUp,
} as const satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Shape = ICONS[name];
  return <Shape size={20} aria-hidden="true" focusable="false" {...props} />;
}
