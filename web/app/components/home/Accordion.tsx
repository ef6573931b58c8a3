import { useId, useState, type ReactNode } from 'react';
import { INITIAL_ACCORDION_STATE, toggleAccordion, type AccordionState } from '../../lib/home/accordion';
import './Accordion.css';

export type AccordionItem = { key: string; title: ReactNode; panel: ReactNode };

type AccordionProps = {
  items: AccordionItem[];
  /** The heading level of the item titles (buttons sit inside headings, as ARIA's pattern has it). */
  headingLevel: 3 | 4;
  className: string;
  /** Controlled use: the open item and what toggling asks for. Uncontrolled when omitted. */
  open?: AccordionState;
  onToggle?: (index: number) => void;
};

/** One item open at a time; the open item's button closes it. Panels are `hidden` when closed. */
export function Accordion({ items, headingLevel, className, open, onToggle }: AccordionProps) {
  const [ownOpen, setOwnOpen] = useState<AccordionState>(INITIAL_ACCORDION_STATE);
  const openIndex = open === undefined ? ownOpen : open;
  const toggle = onToggle ?? ((index: number) => setOwnOpen((current) => toggleAccordion(current, index)));
  const baseId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className={`accordion ${className}`}>
      {items.map((item, index) => {
        const expanded = openIndex === index;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.key} className={`accordion__item${expanded ? ' is-open' : ''}`}>
            <Heading className="accordion__heading">
              <button type="button" id={buttonId} className="accordion__button" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(index)}>
                {item.title}
              </button>
            </Heading>
            {/* Not a region: the unit-plan section's heading names its open item, and two landmarks would share the name. */}
            <div id={panelId} className="accordion__panel" hidden={!expanded}>
              {item.panel}
            </div>
          </div>
        );
      })}
    </div>
  );
}
