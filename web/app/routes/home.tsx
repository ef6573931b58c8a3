import type { Route } from './+types/home';
import { homePageQuery, overviewRowsQuery, premiumCardsQuery, premiumSlidesQuery, viewerUnitTypesQuery } from '../../sanity/queries';
import { notFound } from '../lib/not-found';
import { pageMeta } from '../lib/seo';
import { siteDataFrom } from '../lib/site-data';
import { BrandIntro } from '../components/home/BrandIntro';
import { ComplexSection } from '../components/home/ComplexSection';
import { Hero } from '../components/home/Hero';
import { InterestFormSection } from '../components/home/InterestFormSection';
import { LocationPoints } from '../components/home/LocationPoints';
import { MobileOverview } from '../components/home/MobileOverview';
import { PremiumSection } from '../components/home/PremiumSection';
import { SpecialPlan } from '../components/home/SpecialPlan';
import { UnitPlanSection } from '../components/home/UnitPlanSection';
import { useStepScroll } from '../components/home/useStepScroll';

export async function loader({ context }: Route.LoaderArgs) {
  const [home, premiumCards, premiumSlides, unitTypes, overviewRows] = await Promise.all([
    context.content.fetch(homePageQuery),
    context.content.fetch(premiumCardsQuery),
    context.content.fetch(premiumSlidesQuery),
    context.content.fetch(viewerUnitTypesQuery),
    context.content.fetch(overviewRowsQuery),
  ]);
  if (!home) notFound();
  return { home, premiumCards, premiumSlides, unitTypes, overviewRows };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = siteDataFrom(matches);
  const seo = loaderData?.home.seo;
  return pageMeta(matches, {
    title: seo?.title ?? root?.settings?.brandName ?? '',
    description: seo?.description,
    path: '/',
    image: seo?.ogImage,
    noIndex: seo?.noIndex,
  });
}

/** The sections in page order; on wide screens each is one step of step scrolling. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, premiumCards, premiumSlides, unitTypes, overviewRows } = loaderData;
  useStepScroll();
  return (
    <main id="main" className="home">
      <Hero hero={home.hero} />
      <LocationPoints title={home.locationTitle} points={home.locationPoints} />
      <BrandIntro brandIntro={home.brandIntro} />
      <MobileOverview overview={home.mobileOverview} rows={overviewRows} slides={premiumSlides} />
      <PremiumSection title={home.premiumTitle} cards={premiumCards} />
      <SpecialPlan specialPlan={home.specialPlan} />
      <UnitPlanSection unitPlan={home.unitPlan} unitTypes={unitTypes} />
      <ComplexSection complex={home.complex} />
      <InterestFormSection interestForm={home.interestForm} />
    </main>
  );
}
