import { mockupCalls, type MockupTemplate } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { libraryHref, studioHref } from './mockup-url';

/**
 * The template a design opens on: the library's first template showing the design's own pack (its box
 * id among the template's packs), else the first of Boxes, else the first there is.
 */
export function templateForBox(templates: readonly MockupTemplate[], boxId: number): MockupTemplate | null {
  const library = templates.filter((t) => !t.custom);
  return (boxId > 0 ? library.find((t) => t.box_ids.includes(boxId)) : undefined) ?? library.find((t) => t.category === 'Boxes') ?? library[0] ?? null;
}

const PAGE = 100;
const MAX_PAGES = 5;

async function libraryTemplates(): Promise<MockupTemplate[]> {
  const out: MockupTemplate[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list, total } = await apiCall(mockupCalls.templates, { page_index: page, page_size: PAGE }, { silent: true });
    out.push(...list);
    if (list.length < PAGE || out.length >= total) break;
  }
  return out;
}

/**
 * "Mockup this design": POST /api/mockup-service/link/image puts the design in a mockup project (its
 * mockup_origin_image, preselected when the studio opens it); the studio opens on the template that
 * shows the design's pack. Resolves where to go, or null when the link was refused (the catalogue
 * showed why).
 */
export async function openDesignInStudio(imageUrl: string, designProjectId: string | null): Promise<string | null> {
  let projectId: string;
  try {
    const linked = await apiCall(mockupCalls.linkImage, { orgin_image: imageUrl, ...(designProjectId ? { project_id: designProjectId } : {}) });
    projectId = linked.project_id;
  } catch {
    return null;
  }
  const [faces, templates] = await Promise.all([
    apiCall(mockupCalls.designFaces, { image_url: imageUrl }, { silent: true }).catch(() => null),
    libraryTemplates().catch(() => [] as MockupTemplate[]),
  ]);
  const template = templateForBox(templates, faces?.box_id ?? 0);
  return template ? studioHref({ category: template.category, templateId: template.id, projectId }) : libraryHref({ projectId });
}
