import { useState } from 'react';
import { useAppNavigate } from '../../../components/AppLink';
import { useProjectStore } from '../../../stores/project.store';
import { useChatController } from '../chat-context';
import { downloadImage, downloadPrintFile } from '../download';
import { openDesignInStudio } from '../../mockup/open-in-studio';

/** The actions every design offers (grid card, preview): download gated by plan, child design, mockup. */
export function useDesignActions() {
  const navigate = useAppNavigate();
  const chat = useChatController();
  const [busy, setBusy] = useState<'child' | 'download' | 'mockup' | null>(null);
  const download = async (url: string, index: number, kind: 'image' | 'print' = 'image') => {
    setBusy('download');
    const { brand, product } = useProjectStore.getState();
    try {
      const save = kind === 'print' ? downloadPrintFile : downloadImage;
      const outcome = await save(url, [brand, product], index);
      // The login and pay modals sit under the full-screen preview: make way for them.
      if (outcome === 'login' || outcome === 'activate') chat.closePreview();
    } finally {
      setBusy(null);
    }
  };
  const child = async (url: string) => {
    setBusy('child');
    const id = await chat.makeChildDesign(url);
    setBusy(null);
    if (id) navigate(`/design-chat?pid=${encodeURIComponent(id)}`);
  };
  /** "Mockup this design": the design goes to the mockup studio, on a template of its own pack. */
  const mockup = async (url: string) => {
    setBusy('mockup');
    try {
      const to = await openDesignInStudio(url, chat.store.getState().projectId);
      if (to) {
        chat.closePreview();
        navigate(to);
      }
    } finally {
      setBusy(null);
    }
  };
  return { busy, download, child, mockup };
}
