import { boxById } from '@packsmith/contracts';
import { useProjectStore } from '../../../stores/project.store';
import { useChatController, useChatState } from '../chat-context';
import type { BoxOption } from '../chat-data';
import { CheckIcon, GeometryGlyph } from './icons';

/** The box options of a `box` message as cards; a click chooses (SPEC §4 box selection). */
export function BoxOptionCards({ options }: { options: BoxOption[] }) {
  const selected = useProjectStore((s) => s.boxId);
  const selectedName = useProjectStore((s) => s.selectBoxInfo.name);
  const chat = useChatController();
  const busy = useChatState((s) => s.sending || s.status !== 'ready');
  return (
    <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3" aria-label="Box options">
      {options.map((o) => {
        const isSelected = o.box_id !== 0 ? selected === o.box_id : selectedName === o.name;
        return (
          <li key={`${o.box_id}-${o.slug}`}>
            <button
              type="button"
              aria-pressed={isSelected}
              disabled={busy}
              onClick={() => void chat.chooseBoxOption(o)}
              data-testid="box-option"
              className={`group relative flex h-full w-full flex-col gap-3 rounded-xl border bg-white p-3 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-violet-400 hover:shadow-md disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:translate-y-0 ${isSelected ? 'border-violet-600 ring-2 ring-violet-100' : 'border-slate-200'}`}
            >
              <span
                className={`flex h-11 w-11 items-center justify-center rounded-lg ${isSelected ? 'bg-violet-600 text-white' : 'bg-violet-50 text-violet-700 group-hover:bg-violet-100'}`}
              >
                <GeometryGlyph geometry={boxById(o.box_id)?.geometry} />
              </span>
              <span>
                <span className="block text-sm font-medium leading-snug text-slate-900">{o.name}</span>
                <span className="mt-0.5 block text-xs text-slate-500">{o.category}</span>
              </span>
              {isSelected && (
                <span className="absolute right-2 top-2 flex h-5 w-5 items-center justify-center rounded-full bg-violet-600 text-white" aria-hidden="true">
                  <CheckIcon className="h-3.5 w-3.5" />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
