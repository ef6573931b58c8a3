/** Every picture the seed uses: its file name, size, byte budget and the scene that draws it. */
import { communityScene } from './community';
import { emodelScene } from './emodel';
import { FLOOR_PLANS, GRID, PLAN_MARGIN, floorPlan } from './floor-plan';
import { iconCard, type IconName } from './icon-cards';
import { INTERIOR_STYLES, kitchenScene, livingRoomScene } from './interiors';
import { complexModelScene } from './isometric';
import { locationMap } from './location-map';
import { PALETTE } from './palette';
import { householdLayoutScene, siteLayoutScene } from './site-layout';
import { sitePlan } from './site-overview';
import { skylineScene } from './skyline';
import { transitDiagram } from './transit-diagram';

export type Artwork = { name: string; width: number; height: number; maxBytes: number; svg: () => string };

/** The six location cards (file suffix → icon) and four premium cards, in page order. */
const LOCATION_CARDS: Array<[string, IconName]> = [
  ['redevelopment', 'redevelopment'],
  ['medical', 'medical'],
  ['transit', 'transit'],
  ['living', 'living'],
  ['large-complex', 'largeComplex'],
  ['nature', 'nature'],
];
const PREMIUM_CARDS: IconName[] = ['education', 'walkway', 'lounge', 'smartHome'];
const CARD_TINTS = [PALETTE.dusk, '#1f4a45', '#3b3f66', '#24463f', '#2c4672', '#2f5a4a'];

/** The premium carousel: transit, the whole complex, living, community, kitchen, river park. */
const PREMIUM_SLIDES: Array<() => string> = [
  () => skylineScene({ width: 1200, height: 800, clusterCentre: 0.62, towerScale: 1.1, groundLine: 0.7, seed: 11 }),
  () => complexModelScene({ width: 1200, height: 800, seed: 22, scale: 14, centreX: 0.5, centreY: 0.6 }),
  () => livingRoomScene(1200, 800, INTERIOR_STYLES['84A']),
  () => communityScene(1200, 800, 44),
  () => kitchenScene(1200, 800, INTERIOR_STYLES['59A']),
  () => skylineScene({ width: 1200, height: 800, clusterCentre: 0.3, towerScale: 0.95, groundLine: 0.64, seed: 66 }),
];

function card(name: string, icon: IconName, index: number): Artwork {
  return { name, width: 800, height: 600, maxBytes: 60_000, svg: () => iconCard(icon, CARD_TINTS[index % CARD_TINTS.length] ?? PALETTE.dusk) };
}

export const ARTWORKS: Artwork[] = [
  {
    name: 'hero',
    width: 1920,
    height: 1080,
    maxBytes: 120_000,
    svg: () => skylineScene({ width: 1920, height: 1080, clusterCentre: 0.68, towerScale: 1.25, groundLine: 0.72, seed: 652 }),
  },
  {
    // Kakao shows only the centre 2:1 area, so the towers sit in the middle.
    name: 'og-image',
    width: 1200,
    height: 630,
    maxBytes: 100_000,
    svg: () => skylineScene({ width: 1200, height: 630, clusterCentre: 0.5, towerScale: 1.05, groundLine: 0.74, seed: 208 }),
  },
  {
    name: 'page-banner',
    width: 1920,
    height: 480,
    maxBytes: 80_000,
    svg: () => skylineScene({ width: 1920, height: 480, clusterCentre: 0.74, towerScale: 1.35, groundLine: 0.8, seed: 29 }),
  },
  {
    name: 'site-overview',
    width: 1600,
    height: 1000,
    maxBytes: 150_000,
    svg: () => sitePlan(1600, 1000, 8),
  },
  ...Object.entries(FLOOR_PLANS).map(([code, rooms]) => ({
    name: `plan-${code}`,
    width: 100 * GRID + PLAN_MARGIN * 2,
    height: 70 * GRID + PLAN_MARGIN * 2,
    maxBytes: 60_000,
    svg: () => floorPlan(rooms),
  })),
  {
    name: 'complex-design',
    width: 1600,
    height: 900,
    maxBytes: 150_000,
    svg: () => complexModelScene({ width: 1600, height: 900, seed: 84, scale: 16, centreX: 0.5, centreY: 0.56 }),
  },
  ...Object.entries(INTERIOR_STYLES).flatMap(([code, style]) =>
    [livingRoomScene, kitchenScene].map((scene, index) => ({
      name: `interior-${code}-${index + 1}`,
      width: 1600,
      height: 1000,
      maxBytes: 120_000,
      svg: () => scene(1600, 1000, style),
    })),
  ),
  { name: 'community', width: 1600, height: 900, maxBytes: 150_000, svg: () => communityScene(1600, 900, 7) },
  { name: 'emodel-59A', width: 1600, height: 900, maxBytes: 150_000, svg: () => emodelScene(1600, 900) },
  { name: 'location-map', width: 1600, height: 1000, maxBytes: 150_000, svg: () => locationMap(1600, 1000, 32) },
  { name: 'location-transit', width: 1600, height: 1000, maxBytes: 150_000, svg: () => transitDiagram(1600, 1000) },
  ...LOCATION_CARDS.map(([suffix, icon], index) => card(`location-card-${suffix}`, icon, index)),
  ...PREMIUM_CARDS.map((icon, index) => card(`premium-card-${index + 1}`, icon, index + 2)),
  { name: 'site-layout', width: 1600, height: 1100, maxBytes: 150_000, svg: () => siteLayoutScene(8) },
  { name: 'household-layout', width: 1600, height: 1100, maxBytes: 100_000, svg: () => householdLayoutScene(652) },
  {
    name: 'brand-intro',
    width: 1600,
    height: 900,
    maxBytes: 120_000,
    svg: () => skylineScene({ width: 1600, height: 900, clusterCentre: 0.5, towerScale: 1.2, groundLine: 0.74, seed: 1004 }),
  },
  {
    name: 'premium',
    width: 1600,
    height: 900,
    maxBytes: 150_000,
    svg: () => complexModelScene({ width: 1600, height: 900, seed: 59, scale: 19, centreX: 0.56, centreY: 0.6 }),
  },
  ...PREMIUM_SLIDES.map((svg, index) => ({ name: `premium-slide-${index + 1}`, width: 1200, height: 800, maxBytes: 120_000, svg })),
];
