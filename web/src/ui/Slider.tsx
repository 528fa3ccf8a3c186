import { useLayoutEffect, useRef } from 'react';
import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import * as styles from './Slider.css';
import { cx } from './cx';

export type SliderProps = {
  label: string;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue: number;
  step?: number;
  /** What the value means in words (shown beside the label and read by screen readers instead of the number). */
  valueText?: (value: number) => string;
  isDisabled?: boolean;
  className?: string;
};

/** A single-thumb slider (keyboard: arrows, Home, End; pointer: drag or click the track). */
export function Slider({ label, value, onChange, minValue = 0, maxValue, step = 1, valueText, isDisabled, className }: SliderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const text = valueText?.(value);
  // react-aria reads the number as the thumb's value text; a position on a timeline means more in words.
  useLayoutEffect(() => {
    if (text !== undefined) inputRef.current?.setAttribute('aria-valuetext', text);
  });
  return (
    <AriaSlider
      className={cx(styles.slider, className)}
      value={value}
      onChange={(next: number | number[]) => onChange(Array.isArray(next) ? next[0]! : next)}
      minValue={minValue}
      maxValue={maxValue}
      step={step}
      isDisabled={isDisabled}
    >
      <div className={styles.header}>
        <Label className={styles.label}>{label}</Label>
        <SliderOutput className={styles.output}>
          {({ state }) => valueText?.(state.getThumbValue(0)) ?? state.getThumbValueLabel(0)}
        </SliderOutput>
      </div>
      <SliderTrack className={styles.track}>
        {({ state }) => (
          <>
            <div className={styles.fill} style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className={styles.thumb} inputRef={inputRef} />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
