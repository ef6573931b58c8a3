import { useEffect, useReducer, useRef, type FocusEvent, type PointerEvent } from 'react';
import { messages } from '../../../shared/messages';
import { SLIDE_INTERVAL_MS, createSlider, isAutoAdvancing, sliderReducer, swipeAction } from '../../lib/home/slider';
import { useStyleProperties } from '../../lib/use-style-properties';
import { SanityImage } from '../SanityImage';
import type { PremiumSlide } from './types';
import './PremiumSlider.css';

/**
 * The mobile premium slider (carousel pattern of the WAI-ARIA APG): advances every 6 s and
 * wraps; dots, a pause button and horizontal swipes move it. It holds still while touched,
 * hovered with a mouse, focused from the keyboard, scrolled out of view or in a hidden tab, and
 * starts paused with prefers-reduced-motion.
 */
export function PremiumSlider({ slides }: { slides: PremiumSlide[] }) {
  const [state, dispatch] = useReducer(sliderReducer, slides.length, createSlider);
  const root = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const track = useStyleProperties<HTMLDivElement>({ transform: `translateX(${-100 * state.index}%)` });
  const playing = isAutoAdvancing(state);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => dispatch({ type: 'next' }), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, state.index]);

  useEffect(() => {
    // Visitors who ask for less motion get a still slider; its play button starts it.
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) dispatch({ type: 'pause', reason: 'user' });
    const onVisibility = () => dispatch({ type: document.hidden ? 'pause' : 'resume', reason: 'hidden' });
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    const element = root.current;
    const observer =
      element && 'IntersectionObserver' in window
        ? new IntersectionObserver(([entry]) => dispatch({ type: entry.isIntersecting ? 'resume' : 'pause', reason: 'offscreen' }))
        : null;
    if (element) observer?.observe(element);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      observer?.disconnect();
    };
  }, []);

  if (!slides.length) return null;

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
    if (event.pointerType === 'touch') dispatch({ type: 'pause', reason: 'touch' });
  };
  const onPointerEnd = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (event.pointerType === 'touch') dispatch({ type: 'resume', reason: 'touch' });
    if (!start || event.type === 'pointercancel') return;
    const action = swipeAction(event.clientX - start.x, event.clientY - start.y);
    if (action) dispatch({ type: action });
  };
  const onFocus = (event: FocusEvent) => {
    // Keyboard focus holds the slider; a tap on a dot focuses it too, but should not stop it.
    if (event.target.matches(':focus-visible')) dispatch({ type: 'pause', reason: 'focus' });
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) dispatch({ type: 'resume', reason: 'focus' });
  };
  const pausedByUser = state.pausedBy.includes('user');

  return (
    <div
      ref={root}
      className="premium-slider"
      role="region"
      aria-roledescription="carousel"
      aria-label={messages.sliderLabel}
      onPointerEnter={(event) => event.pointerType === 'mouse' && dispatch({ type: 'pause', reason: 'hover' })}
      onPointerLeave={(event) => event.pointerType === 'mouse' && dispatch({ type: 'resume', reason: 'hover' })}
      onFocus={onFocus}
      onBlur={onBlur}
      data-playing={playing}
    >
      <div
        className="premium-slider__viewport"
        aria-live={playing ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className="premium-slider__track" ref={track}>
          {slides.map((slide, index) => (
            <div
              key={slide._id}
              className="premium-slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={messages.slideLabel(index + 1, slides.length)}
              aria-hidden={index !== state.index}
              data-active={index === state.index}
            >
              <SanityImage image={slide.image} className="premium-slider__image" widths={[400, 800]} sizes="100vw" aspectRatio={3 / 2} />
              <h4 className="premium-slider__title">{slide.title}</h4>
              {slide.description ? <p className="premium-slider__text">{slide.description}</p> : null}
            </div>
          ))}
        </div>
      </div>
      <div className="premium-slider__controls">
        <button
          type="button"
          className={`premium-slider__toggle${pausedByUser ? ' is-paused' : ''}`}
          aria-label={pausedByUser ? messages.sliderPlay : messages.sliderPause}
          onClick={() => dispatch({ type: pausedByUser ? 'resume' : 'pause', reason: 'user' })}
        />
        <div className="premium-slider__dots">
          {slides.map((slide, index) => (
            <button
              key={slide._id}
              type="button"
              className="premium-slider__dot"
              aria-label={messages.slideLabel(index + 1, slides.length)}
              aria-current={index === state.index}
              onClick={() => dispatch({ type: 'go', index })}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
