import type { EditorStore } from '../editor.store';

/** What the editor's document dialogs (export, versions) are given. */
export interface EditorDialogProps {
  open: boolean;
  onClose(): void;
  store: EditorStore;
  projectId: string;
  /** Saves what is on screen first: both read the stored document. */
  flush(): Promise<boolean>;
}
