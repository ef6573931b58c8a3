import { Link } from 'react-router';
import { SanityImage } from '../SanityImage';
import { Accordion } from './Accordion';
import { HomeSection } from './HomeSection';
import type { PremiumCard } from './types';
import './PremiumSection.css';

/**
 * PREMIUM 01–04. Wide screens show the four cards side by side; phones show four boxes that
 * expand one at a time to their two sub-texts (CSS shows one layout or the other).
 */
export function PremiumSection({ title, cards }: { title: string | null; cards: PremiumCard[] }) {
  if (!cards.length) return null;
  return (
    <HomeSection name="premium" title={title}>
      <ul className="premium-cards">
        {cards.map((card) => (
          <li key={card._id} className="premium-card">
            <SanityImage
              image={card.image}
              className="premium-card__image"
              widths={[320, 480, 640]}
              sizes="(max-width: 1280px) 25vw, 320px"
              aspectRatio={4 / 3}
            />
            <p className="premium-card__label">{card.label}</p>
            <h3 className="premium-card__title">{card.title}</h3>
            <PremiumTexts card={card} />
          </li>
        ))}
      </ul>
      <Accordion
        className="premium-boxes"
        headingLevel={3}
        items={cards.map((card) => ({
          key: card._id,
          title: (
            <span>
              <span className="premium-boxes__label">{card.label}</span>
              <span className="premium-boxes__title">{card.title}</span>
            </span>
          ),
          panel: <PremiumTexts card={card} />,
        }))}
      />
    </HomeSection>
  );
}

function PremiumTexts({ card }: { card: PremiumCard }) {
  return (
    <>
      {card.text1 ? <p className="premium-card__text">{card.text1}</p> : null}
      {card.text2 ? <p className="premium-card__text">{card.text2}</p> : null}
      {card.link && card.linkText ? (
        <Link className="premium-card__link" to={card.link}>
          {card.linkText}
        </Link>
      ) : null}
    </>
  );
}
