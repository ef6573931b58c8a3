import type { Route } from './+types/home';
import { homePageQuery } from '../../sanity/queries';
import type { HomePageQueryResult } from '../../sanity/sanity.types';
import { pageMeta } from '../lib/seo';
import { SanityImage } from '../components/SanityImage';

export async function loader({ context }: Route.LoaderArgs) {
  const home = await context.content.fetch<HomePageQueryResult>(homePageQuery);
  if (!home) throw new Response('홈 화면 콘텐츠가 없습니다.', { status: 404 });
  return { home };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    | { settings?: { brandName?: string | null } | null }
    | undefined;
  const seo = loaderData?.home.seo;
  return pageMeta(matches, {
    title: seo?.title ?? root?.settings?.brandName ?? '',
    description: seo?.description,
    path: '/',
    image: seo?.ogImage,
    noIndex: seo?.noIndex,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero } = loaderData.home;
  return (
    <main id="main" className="home">
      <section className="hero" aria-labelledby="hero-title">
        {hero?.image ? (
          <SanityImage
            image={hero.image}
            className="hero__image"
            widths={[640, 960, 1280, 1920]}
            sizes="100vw"
            priority
          />
        ) : null}
        <div className="hero__content">
          {hero?.eyebrow ? <p className="hero__eyebrow">{hero.eyebrow}</p> : null}
          <h1 id="hero-title" className="hero__title">
            {hero?.title}
          </h1>
          {hero?.subtitle ? <p className="hero__subtitle">{hero.subtitle}</p> : null}
          {hero?.ctaLabel ? (
            <a className="button button--primary hero__cta" href="#interestForm">
              {hero.ctaLabel}
            </a>
          ) : null}
        </div>
      </section>
    </main>
  );
}
