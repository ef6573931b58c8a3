import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

export type Tab = { key: string; label: string; panel: ReactNode };

type TabsProps = { tabs: Tab[]; label: string; idPrefix: string };

/**
 * WAI-ARIA tabs: the first tab is selected; arrow keys, Home and End move between tabs. Only the
 * selected panel is rendered, so leaving a tab also stops its video or VR tour.
 */
export function Tabs({ tabs, label, idPrefix }: TabsProps) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(index: number) {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={`${idPrefix}-panel-${tab.key}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${idPrefix}-panel-${tab.key}`}
          className="tabs__panel"
          aria-labelledby={`${idPrefix}-tab-${tab.key}`}
          hidden={index !== selected}
        >
          {index === selected ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
