import {
  Award,
  BadgeCheck,
  Bus,
  CalendarCheck,
  Car,
  Check,
  ClipboardList,
  Clock,
  Droplets,
  Filter,
  Gem,
  Hammer,
  Handshake,
  HardHat,
  Heart,
  Leaf,
  Lightbulb,
  Mail,
  MapPin,
  MessageCircle,
  Paintbrush,
  PencilRuler,
  Phone,
  ShieldCheck,
  Siren,
  Sparkles,
  Timer,
  Users,
  Waves,
  Wrench,
  type LucideIcon,
} from 'lucide-react'
import type { IconName } from './icon-names'

const icons: Record<IconName, LucideIcon> = {
  award: Award,
  'badge-check': BadgeCheck,
  bus: Bus,
  'calendar-check': CalendarCheck,
  car: Car,
  check: Check,
  'clipboard-list': ClipboardList,
  clock: Clock,
  droplets: Droplets,
  filter: Filter,
  gem: Gem,
  hammer: Hammer,
  handshake: Handshake,
  'hard-hat': HardHat,
  heart: Heart,
  leaf: Leaf,
  lightbulb: Lightbulb,
  mail: Mail,
  'map-pin': MapPin,
  'message-circle': MessageCircle,
  paintbrush: Paintbrush,
  'pencil-ruler': PencilRuler,
  phone: Phone,
  'shield-check': ShieldCheck,
  siren: Siren,
  sparkles: Sparkles,
  timer: Timer,
  users: Users,
  waves: Waves,
  wrench: Wrench,
}

interface IconProps {
  name: IconName
  size?: number
}

/** A decorative icon: the text beside it carries the meaning, so it is hidden from assistive tech. */
export function Icon({ name, size = 24 }: IconProps) {
  const Component = icons[name]
  return <Component size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} />
}
