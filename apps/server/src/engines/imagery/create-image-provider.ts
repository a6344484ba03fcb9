/** Chooses the image engine from IMAGE_PROVIDER: none (the procedural engine alone), OpenAI or ComfyUI. */
import { ConfigError, type ImageryConfig } from '../../config.js';
import { createComfyUiProvider } from './comfyui.js';
import { DEFAULT_INPAINT, DEFAULT_TXT2IMG, WorkflowError, loadWorkflow } from './comfyui-workflow.js';
import type { ImageProvider } from './image-provider.js';
import { createOpenAiImageProvider } from './openai-images.js';

/** Null for IMAGE_PROVIDER=local. A ComfyUI workflow that does not check out stops the server, naming its variable. */
export function createImageProvider(config: ImageryConfig | null): ImageProvider | null {
  if (!config) return null;
  if (config.provider === 'openai') {
    return createOpenAiImageProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs });
  }
  try {
    const workflow = loadWorkflow(config.workflow ?? DEFAULT_TXT2IMG, config.workflow ? 'COMFYUI_WORKFLOW' : 'the default ComfyUI workflow', ['prompt']);
    const inpaintWorkflow = loadWorkflow(
      config.inpaintWorkflow ?? DEFAULT_INPAINT,
      config.inpaintWorkflow ? 'COMFYUI_INPAINT_WORKFLOW' : 'the default ComfyUI inpaint workflow',
      ['prompt', 'image', 'mask'],
    );
    return createComfyUiProvider({ url: config.url, workflow, inpaintWorkflow, timeoutMs: config.timeoutMs });
  } catch (err) {
    if (err instanceof WorkflowError) throw new ConfigError(err.message);
    throw err;
  }
}
