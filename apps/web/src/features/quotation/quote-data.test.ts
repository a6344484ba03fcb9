import { describe, expect, it } from 'vitest';
import { SELECTION_NAMES } from '@packsmith/contracts';
import { msg } from '../chat/chat-test-kit';
import {
  breakdownSum,
  chartData,
  chartSummary,
  choiceValueOf,
  crossoverLabel,
  crossoverPoint,
  editorKindOf,
  finishesOf,
  finishesValueOf,
  latestQuote,
  latestSelections,
  MATERIAL_CHOICES,
  orderedSelections,
  parseSizeValue,
  quantityOf,
  sizeValueOf,
} from './quote-data';
import { quote, SELECTIONS } from './quote-test-kit';

const data = (over: Record<string, unknown> = {}) => ({ selections: SELECTIONS, asking: null, options: [], ...over });

describe('reading the quotation chat', () => {
  it('takes the newest answer quote, skipping messages whose data does not fit', () => {
    const older = quote({ quote_id: 'old' });
    const newer = quote({ quote_id: 'new' });
    const messages = [
      msg({ type: 'answer', data: data({ quote: older }) }),
      msg({ type: 'answer', data: data({ quote: newer }) }),
      msg({ type: 'text', data: data() }),
      msg({ type: 'answer', data: { imageUrls: [] } }),
    ];
    expect(latestQuote(messages)?.quote_id).toBe('new');
    expect(latestQuote([msg({ type: 'text' })])).toBeNull();
  });

  it('takes the selections of the newest assistant turn that carried them; none before any', () => {
    const messages = [msg({ type: 'hello', data: data({ selections: [] }) }), msg({ type: 'text', data: data() }), msg({ role: 'user', type: 'text' })];
    expect(latestSelections(messages)).toEqual(SELECTIONS);
    expect(latestSelections([msg({ role: 'user' })])).toBeNull();
  });
});

describe('selections', () => {
  it('come in SELECTION_NAMES order with Product first, unchosen ones blank', () => {
    const rows = orderedSelections(SELECTIONS);
    expect(rows.map((r) => r.name)).toEqual([...SELECTION_NAMES]);
    expect(rows[0]).toEqual({ name: 'product', title: 'Product', value: 'Organic tea' });
    expect(rows.find((r) => r.name === 'quantity')).toEqual({ name: 'quantity', title: 'Quantity', value: '' });
  });

  it('pick the editor by name', () => {
    expect(SELECTION_NAMES.map(editorKindOf)).toEqual(['text', 'select', 'size', 'select', 'select', 'multi', 'number', 'text']);
  });

  it('read and write sizes in mm and inches', () => {
    expect(parseSizeValue('80 × 40 × 150 mm')).toEqual({ length: '80', width: '40', height: '150', unit: 'mm' });
    expect(parseSizeValue('3,5 x 2 x 6 in')).toEqual({ length: '3.5', width: '2', height: '6', unit: 'in' });
    expect(sizeValueOf({ length: '3.5', width: '2', height: '6', unit: 'in' })).toBe('3.5 x 2 x 6 in');
    expect(sizeValueOf({ length: '0', width: '2', height: '6', unit: 'mm' })).toBeNull();
    expect(sizeValueOf({ length: '', width: '2', height: '6', unit: 'mm' })).toBeNull();
  });

  it('read quantities, finishes and stock choices from display values', () => {
    expect(quantityOf('1,000')).toBe(1000);
    expect(quantityOf('0')).toBeNull();
    expect(quantityOf('1.5')).toBeNull();
    expect(finishesOf('Matte lamination, Foil')).toEqual(['matte_lamination', 'foil']);
    expect(finishesValueOf([])).toBe('none');
    expect(choiceValueOf(MATERIAL_CHOICES, 'white board')).toBe('White board');
  });
});

describe('the quote', () => {
  it('turns the ladder into chart points sorted by quantity', () => {
    const points = chartData(quote());
    expect(points.map((p) => p.quantity)).toEqual([250, 500, 1000, 2000, 5000]);
    expect(points.map((p) => p.label)).toEqual(['250', '500', '1k', '2k', '5k']);
    expect(points[3]?.process).toBe('Offset');
  });

  it('labels the crossover and finds the point it stands on', () => {
    const q = quote();
    expect(crossoverLabel(q)).toBe('Offset cheaper from 2,000');
    expect(crossoverPoint(q, chartData(q))?.label).toBe('2k');
    expect(crossoverLabel(quote({ crossover: null }))).toBeNull();
    expect(chartSummary(q)).toContain('Offset cheaper from 2,000.');
  });

  it('adds up the breakdown', () => {
    expect(breakdownSum(quote())).toBe(742);
  });
});
