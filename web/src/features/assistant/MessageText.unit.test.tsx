import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MessageText } from './MessageText';

describe('MessageText', () => {
  it('links the app’s page routes in an answer and leaves other text alone', () => {
    render(
      <MemoryRouter>
        <p>
          <MessageText
            text={'Open /members and choose Add Member. See also /policies. Not /nowhere, not https://x.co/members, 2026/01/31.'}
          />
        </p>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '/members' }).getAttribute('href')).toBe('/members');
    expect(screen.getByRole('link', { name: '/policies' }).getAttribute('href')).toBe('/policies');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText(/Not \/nowhere/)).toBeTruthy();
  });
});
