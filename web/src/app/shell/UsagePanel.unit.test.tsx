import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsagePanel } from './UsagePanel';

describe('sidebar usage panel', () => {
  it('shows no warning at 79%', () => {
    render(<UsagePanel subscription={{ tier: 'free', currentMemberCount: 237, memberLimit: 300 }} />);
    expect(screen.getByText('237 / 300 members')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("warns 'Approaching member limit' at 80%", () => {
    render(<UsagePanel subscription={{ tier: 'free', currentMemberCount: 240, memberLimit: 300 }} />);
    expect(screen.getByRole('status').textContent).toBe('Approaching member limit');
  });

  it('says the limit is reached at 100%', () => {
    render(<UsagePanel subscription={{ tier: 'free', currentMemberCount: 300, memberLimit: 300 }} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Member limit reached/);
    expect(screen.getByRole('progressbar', { name: 'Member usage: 100%' })).toBeTruthy();
  });

  it('never warns on an unlimited plan (limit -1)', () => {
    render(<UsagePanel subscription={{ tier: 'enterprise', currentMemberCount: 90000, memberLimit: -1 }} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
