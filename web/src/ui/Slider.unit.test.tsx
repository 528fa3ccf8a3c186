import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Slider } from './Slider';

const STEPS = ['Submitted', 'Under review', 'Approved'];

function Harness() {
  const [value, setValue] = useState(2);
  return <Slider label="Point in time" value={value} maxValue={2} onChange={setValue} valueText={(v) => `Step ${v + 1}: ${STEPS[v]}`} />;
}

describe('Slider', () => {
  it('is labelled, says its value in words, and moves with the keyboard', () => {
    render(<Harness />);
    const slider = screen.getByRole('slider', { name: 'Point in time' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Step 3: Approved');
    expect(screen.getByText('Step 3: Approved', { selector: 'output' })).toBeTruthy();
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyUp(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Step 2: Under review');
    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.keyUp(slider, { key: 'Home' });
    expect((slider as HTMLInputElement).value).toBe('0');
    expect(slider.getAttribute('aria-valuetext')).toBe('Step 1: Submitted');
  });
});
