import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Badge } from './Badge';
import { Checkbox } from './Checkbox';
import { ProgressBar } from './ProgressBar';
import { Select } from './Select';
import { TextField } from './TextField';

// Smoke tests: each wrapper keeps react-aria's accessible wiring (labels, errors, values).
describe('ui wrappers', () => {
  it('TextField ties its label and its error message to the input', () => {
    render(<TextField label="Username" errorMessage="Username is required" />);
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0]!)?.textContent).toBe('Username is required');
  });

  it('Select shows its label, placeholder and error', () => {
    render(
      <Select
        label="Province"
        placeholder="Choose a province"
        options={[{ id: 'GP', label: 'Gauteng' }]}
        value={null}
        onChange={vi.fn()}
        errorMessage="Province is required"
      />,
    );
    expect(screen.getByText('Choose a province')).toBeTruthy();
    expect(screen.getByText('Province is required')).toBeTruthy();
  });

  it('Checkbox toggles', () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Active</Checkbox>);
    fireEvent.click(screen.getByLabelText('Active'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('ProgressBar clamps to 0–100 and keeps a label', () => {
    render(<ProgressBar label="Member usage" value={140} />);
    expect(screen.getByRole('progressbar', { name: 'Member usage' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('Badge renders its text', () => {
    render(<Badge tone="danger">3</Badge>);
    expect(screen.getByText('3')).toBeTruthy();
  });
});
