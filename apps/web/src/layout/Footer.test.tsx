import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../features/billing/billing-test-kit';
import { Footer } from './Footer';

afterEach(() => cleanup());

describe('the footer', () => {
  it('links the factory directory as "Factories"', () => {
    renderScreen(<Footer />, '/');
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(within(more).getByRole('link', { name: 'Factories' }).getAttribute('href')).toBe('/factories');
    expect(within(more).getByRole('link', { name: 'Print' }).getAttribute('href')).toBe('/print');
  });
});
