import type {
  HomePageQueryResult,
  OverviewRowsQueryResult,
  PremiumCardsQueryResult,
  PremiumSlidesQueryResult,
  ViewerUnitTypesQueryResult,
} from '../../../sanity/sanity.types';

export type HomeContent = NonNullable<HomePageQueryResult>;
export type PremiumCard = PremiumCardsQueryResult[number];
export type PremiumSlide = PremiumSlidesQueryResult[number];
export type ViewerUnitType = ViewerUnitTypesQueryResult[number];
export type OverviewRow = OverviewRowsQueryResult[number];
