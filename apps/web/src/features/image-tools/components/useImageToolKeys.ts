import { useEffect } from 'react';
import { useImageToolsController } from '../image-tools-context';
import { applyEditorKey, isTextField } from '../image-tools-keys';

/** The editor's keyboard shortcuts while it is open (before the dialog's Escape, which closes it). */
export function useImageToolKeys(): void {
  const { store } = useImageToolsController();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || (e.key !== 'Escape' && isTextField(e.target))) return;
      if (applyEditorKey(store.getState(), e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store]);
}
