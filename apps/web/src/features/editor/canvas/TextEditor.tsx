/**
 * In-place text editing: a textarea laid exactly over the text layer (its panel's and its own
 * rotation, its font at the current zoom). Enter commits as one `update` of `text`
 * (Shift+Enter is a line break), Esc cancels, leaving the field commits.
 */
import { useEffect, useRef, useState } from 'react';
import type { EditorLayer, EditorPanel } from '@packsmith/contracts';
import { MM_PER_PT } from '@packsmith/editor';
import type { EditorStore, EditorView } from '../editor.store';
import { layerScreenCentre } from './view-math';

type TextLayer = Extract<EditorLayer, { kind: 'text' }>;

export interface TextEditorProps {
  store: EditorStore;
  panel: EditorPanel;
  layer: TextLayer;
  view: EditorView;
}

/** The textarea's box and type on screen (pure: the e2e test and this component agree). */
export function textEditorStyle(panel: EditorPanel, layer: TextLayer, view: EditorView): React.CSSProperties {
  const c = layerScreenCentre(view, panel, layer);
  const w = layer.w * view.pxPerMm;
  const h = layer.h * view.pxPerMm;
  const size = layer.size_pt * MM_PER_PT * view.pxPerMm;
  return {
    position: 'absolute',
    left: c.x - w / 2,
    top: c.y - h / 2,
    width: w,
    minHeight: h,
    transform: `rotate(${panel.rotation + layer.rotation}deg)`,
    transformOrigin: `${w / 2}px ${h / 2}px`,
    fontFamily: `"${layer.font.family}"`,
    fontWeight: layer.font.weight,
    fontStyle: layer.font.italic ? 'italic' : 'normal',
    fontSize: `${size}px`,
    lineHeight: layer.line_height,
    letterSpacing: `${(layer.tracking / 1000) * size}px`,
    textAlign: layer.align,
    color: layer.colour,
    // The first baseline sits 0.8 em below the top (render-svg); CSS puts it about half the line
    // box plus 0.3 em down (typical Latin ascent/descent), so shift the box by the difference.
    marginTop: `${0.8 * size - (layer.line_height * size) / 2 - 0.3 * size}px`,
  };
}

export function TextEditor({ store, panel, layer, view }: TextEditorProps) {
  const [value, setValue] = useState(layer.text);
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.select();
  }, []);

  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    const s = store.getState();
    if (commit && value !== layer.text) s.dispatch({ type: 'update', id: layer.id, props: { text: value } }, { label: 'Edit text', mergeKey: null });
    s.setEditingText(null);
  };

  return (
    <textarea
      ref={ref}
      aria-label={`Text of ${layer.name || 'the text layer'}`}
      value={value}
      spellCheck
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        // Keys typed here are the text's, not the canvas's shortcuts.
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        } else if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          finish(true);
        }
      }}
      onBlur={() => finish(true)}
      onPointerDown={(e) => e.stopPropagation()}
      className="resize-none overflow-hidden border-0 bg-white/70 p-0 outline outline-2 outline-blue-500"
      style={{ ...textEditorStyle(panel, layer, view), zIndex: 2 }}
    />
  );
}
