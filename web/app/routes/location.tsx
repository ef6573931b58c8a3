import type { Route } from './+types/location';
import { locationCardsQuery } from '../../sanity/queries';
import { loadPageWith, pageDocumentMeta } from '../lib/content-page';
import { InnerPage } from '../components/page/InnerPage';
import { Reveal } from '../components/Reveal';
import { SanityImage } from '../components/SanityImage';
import './location.css';

/** 입지안내: the six location cards, then the page's sections (maps with address and directions). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadPageWith(context, '/LocationEnvironment/intro', { cards: context.content.fetch(locationCardsQuery) });
}

export const meta = pageDocumentMeta;

export default function LocationIntro({ loaderData }: Route.ComponentProps) {
  const { page, cards } = loaderData;
  return (
    <InnerPage page={page}>
      <ul className="location-cards">
        {cards.map((card, index) => (
          <li key={card._id} className="location-card">
            <Reveal>
              <SanityImage
                image={card.image}
                className="location-card__image"
                widths={[360, 540, 720]}
                sizes="(max-width: 900px) 100vw, 344px"
                aspectRatio={4 / 3}
                // On a phone the first card is the first screen's largest image.
                priority={index === 0}
              />
            </Reveal>
            <div className="location-card__body">
              <h2 className="location-card__title">{card.title}</h2>
              {card.content ? <p className="location-card__text">{card.content}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </InnerPage>
  );
}
