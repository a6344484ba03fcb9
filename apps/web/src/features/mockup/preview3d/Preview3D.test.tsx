import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Preview3D from './Preview3D';

afterEach(cleanup);

// jsdom has no WebGL: the preview must say so in words and keep its controls usable.
describe('Preview3D without WebGL', () => {
  it('explains that the 3D view needs WebGL, instead of a blank box', () => {
    render(<Preview3D boxId={101} faces={{ front: '/files/front.png' }} background="#224466" material="WHITE_BOARD" />);
    const root = screen.getByTestId('preview3d');
    expect(root.getAttribute('data-preview3d-state')).toBe('no-webgl');
    expect(screen.getByRole('alert').textContent).toMatch(/needs WebGL 2/);
    expect(screen.getByRole('application', { name: /3D preview of the Reverse Tuck End Box/ })).toBeDefined();
  });

  it('switches among the nine materials and reports the choice', () => {
    const onMaterialChange = vi.fn();
    render(<Preview3D boxId={201} faces={{}} background="#224466" material="FLUTE" onMaterialChange={onMaterialChange} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Material' });
    expect(select.value).toBe('FLUTE');
    expect(select.options).toHaveLength(9);
    fireEvent.change(select, { target: { value: 'KRAFT' } });
    expect(onMaterialChange).toHaveBeenCalledWith('KRAFT');
    expect(select.value).toBe('KRAFT');
  });

  it('offers open and close only for packs that open, with a labelled slider', () => {
    const { rerender } = render(<Preview3D boxId={101} faces={{}} background="#fff" material="WHITE_BOARD" />);
    expect(screen.getByRole('button', { name: 'Open' })).toBeDefined();
    expect(screen.getByRole('slider', { name: 'How far the box is open' })).toBeDefined();
    rerender(<Preview3D boxId={701} faces={{}} background="#fff" material="METAL_GLOSSY" />);
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    rerender(<Preview3D boxId={105} faces={{}} background="#fff" material="WHITE_BOARD" />);
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('labels its view buttons and shows the snapshot button only when a snapshot can be taken', () => {
    const { rerender } = render(<Preview3D boxId={101} faces={{}} background="#fff" material="WHITE_BOARD" />);
    for (const name of ['Zoom in', 'Zoom out', 'Reset view']) expect(screen.getByRole('button', { name })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Snapshot' })).toBeNull();
    rerender(<Preview3D boxId={101} faces={{}} background="#fff" material="WHITE_BOARD" onSnapshot={() => {}} />);
    expect(screen.getByRole('button', { name: 'Snapshot' })).toBeDefined();
  });

  it('says so when the box type has no preview', () => {
    render(<Preview3D boxId={12345} faces={{}} background="#fff" material="WHITE_BOARD" />);
    expect(screen.getByTestId('preview3d').getAttribute('data-preview3d-state')).toBe('error');
    expect(screen.getByRole('alert').textContent).toMatch(/no 3D preview for box type 12345/);
  });
});
