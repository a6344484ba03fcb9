import { requestCalls } from '@packsmith/contracts';
import { useEffect, useState } from 'react';
import { apiCall } from '../../api/client';

let loading: Promise<number> | null = null;
/** Family → its TTF as a data: URL, for SVGs drawn as images (they cannot see the page's fonts). */
const dataUrls = new Map<string, string>();

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable font'));
    reader.readAsDataURL(blob);
  });
}

/** Loads the shipped families (GET /api/font/list) into the page once; resolves how many loaded. */
export function loadEditorFonts(): Promise<number> {
  loading ??= apiCall(requestCalls.fontList, {}, { silent: true })
    .then(async ({ list }) => {
      const faces = await Promise.allSettled(
        list.map(async (f) => {
          const bytes = await (await fetch(f.file_path)).blob();
          const url = await toDataUrl(new Blob([bytes], { type: 'font/ttf' }));
          dataUrls.set(f.font_name, url);
          const face = new FontFace(f.font_name, await bytes.arrayBuffer(), { display: 'swap' });
          document.fonts.add(await face.load());
        }),
      );
      return faces.filter((r) => r.status === 'fulfilled').length;
    })
    .catch(() => 0);
  return loading;
}

/** An SVG <style> embedding the families it names, so it draws in them as an <img>. */
export function embeddedFontCss(svg: string): string {
  const rules: string[] = [];
  for (const [family, url] of dataUrls) {
    if (svg.includes(family)) rules.push(`@font-face{font-family:'${family}';src:url(${url}) format('truetype');}`);
  }
  return rules.length ? `<style>${rules.join('')}</style>` : '';
}

/**
 * The design engine's font families in the browser, so the canvas sets text in the faces the
 * print file embeds. Until they are in, text shows in a fallback face; `ready` then turns true
 * (the canvas redraws with the real metrics).
 */
export function useEditorFonts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadEditorFonts().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
