import { editorCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

/** The editor's calls (transport only); POST /api/editor/open is the access module's (the gate lives there). */
export function registerEditorRoutes({ call, services }: AppContext): void {
  const { editor } = services;
  call(editorCalls.documentGet, ({ auth, input }) => editor.get(auth.user, input.project_id));
  call(editorCalls.documentSave, ({ auth, input }) => editor.save(auth.user, input));
  call(editorCalls.versionList, ({ auth, input }) => editor.versions(auth.user, input.project_id));
  call(editorCalls.versionCreate, ({ auth, input }) => editor.createVersion(auth.user, input));
  call(editorCalls.versionRestore, ({ auth, input }) => editor.restoreVersion(auth.user, input));
  call(editorCalls.exportFile, ({ auth, input }) => editor.exportFile(auth.user, input));
  call(editorCalls.redesignPanel, ({ auth, input }) => editor.redesignPanel(auth.user, input));
}
