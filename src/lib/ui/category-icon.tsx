import {
  AirVent, Armchair, Bed, Bike, Bird, Briefcase, Building, Camera, Car, CarFront, CookingPot, Dumbbell, Gamepad2, Hammer, House,
  Key, Laptop, type LucideIcon, Map, Package, PawPrint, Refrigerator, Shirt, Smartphone, Sofa, Sparkles, SprayCan, Store, Tag,
  Tent, Tractor, Truck, Tv, WashingMachine, Watch, Wrench, Zap,
} from 'lucide-react';

/** The icon set category records name (server/db/seed/categories.ts). */
const CATEGORY_ICONS: Record<string, LucideIcon> = {
  'air-vent': AirVent, armchair: Armchair, bed: Bed, bike: Bike, bird: Bird, briefcase: Briefcase, building: Building,
  camera: Camera, car: Car, 'car-front': CarFront, 'cooking-pot': CookingPot, dumbbell: Dumbbell, gamepad: Gamepad2,
  hammer: Hammer, house: House, key: Key, laptop: Laptop, map: Map, package: Package, 'paw-print': PawPrint,
  refrigerator: Refrigerator, shirt: Shirt, smartphone: Smartphone, sofa: Sofa, sparkles: Sparkles, 'spray-can': SprayCan,
  store: Store, tent: Tent, tractor: Tractor, truck: Truck, tv: Tv, 'washing-machine': WashingMachine, watch: Watch,
  wrench: Wrench, zap: Zap,
};

export function CategoryIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Icon = CATEGORY_ICONS[name] ?? Tag;
  return <Icon size={size} aria-hidden />;
}
