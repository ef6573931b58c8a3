import { useReducer, useRef, type Ref } from 'react';
import { stegaClean } from '@sanity/client/stega';
import { messages } from '../../../shared/messages';
import { useStyleProperties } from '../../lib/use-style-properties';
import { UNIT_PLAN_FADE_MS, canGoNext, canGoPrevious, viewerReducer } from '../../lib/home/viewer';
import { HomeFigure } from './HomeFigure';
import type { ViewerUnitType } from './types';
import './UnitTypeViewer.css';

/**
 * Floor plans of the viewer's unit types (40 · 59A · 59B). All plans are stacked in one place and
 * the chosen one fades in, so switching never waits for a download and the first plan is in the
 * server HTML.
 */
export function UnitTypeViewer({ unitTypes }: { unitTypes: ViewerUnitType[] }) {
  const [state, dispatch] = useReducer(viewerReducer, { index: 0, count: unitTypes.length });
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const plans = useStyleProperties<HTMLDivElement>({ '--unit-plan-fade': `${UNIT_PLAN_FADE_MS}ms` });
  if (!unitTypes.length) return null;

  // An arrow that reaches its end becomes disabled, which would drop keyboard focus to the page:
  // hand focus to the other arrow instead.
  const move = (type: 'previous' | 'next') => {
    const after = viewerReducer(state, { type });
    dispatch({ type });
    if (type === 'next' && !canGoNext(after)) previousButton.current?.focus();
    if (type === 'previous' && !canGoPrevious(after)) nextButton.current?.focus();
  };
  return (
    <div className="unit-viewer">
      <div className="unit-viewer__controls">
        <ViewerArrow direction="previous" ref={previousButton} disabled={!canGoPrevious(state)} onClick={() => move('previous')} />
        <div className="unit-viewer__types" role="group" aria-label={messages.unitViewerTypes}>
          {unitTypes.map((unitType, index) => (
            <button
              key={unitType._id}
              type="button"
              className="unit-viewer__type"
              aria-pressed={index === state.index}
              // The button shows the short code (59A); its name is the full label and, so that speech
              // input can say what is shown, contains the code too: 전용 59㎡A (59A), 전용 40㎡.
              // Attributes without stega (preview): the overlay edits the visible code instead.
              aria-label={stegaClean(unitButtonName(unitType))}
              title={stegaClean(unitType.label) ?? undefined}
              onClick={() => dispatch({ type: 'select', index })}
            >
              {unitType.code}
            </button>
          ))}
        </div>
        <ViewerArrow direction="next" ref={nextButton} disabled={!canGoNext(state)} onClick={() => move('next')} />
      </div>
      <div className="unit-viewer__plans" ref={plans}>
        {unitTypes.map((unitType, index) => (
          <div
            key={unitType._id}
            className={`unit-viewer__plan${index === state.index ? ' is-active' : ''}`}
            aria-hidden={index !== state.index}
            data-unit-code={stegaClean(unitType.code)}
          >
            <HomeFigure image={unitType.plan} widths={[480, 720, 960]} sizes="(max-width: 900px) 100vw, 640px" />
          </div>
        ))}
      </div>
    </div>
  );
}

type ViewerArrowProps = { direction: 'previous' | 'next'; ref: Ref<HTMLButtonElement>; disabled: boolean; onClick: () => void };

function ViewerArrow({ direction, ref, disabled, onClick }: ViewerArrowProps) {
  const label = direction === 'previous' ? messages.unitViewerPrevious : messages.unitViewerNext;
  return (
    <button
      type="button"
      className={`unit-viewer__arrow unit-viewer__arrow--${direction}`}
      aria-label={label}
      title={label}
      ref={ref}
      disabled={disabled}
      onClick={onClick}
    />
  );
}

function unitButtonName({ code, label }: { code?: string | null; label?: string | null }): string | undefined {
  if (!label) return undefined;
  return !code || label.includes(code) ? label : `${label} (${code})`;
}
