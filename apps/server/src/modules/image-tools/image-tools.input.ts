import { z } from 'zod';
import { AspectRatioSchema, ImageBoxSchema, ImageToolSchema, TextStyleSchema, type ImageTool } from '@packsmith/contracts';
import type { JobName } from '../../jobs/job-registry.js';

/**
 * What an image tool's record stores as its input: everything checked at call time, URLs canonical
 * (re-resolved for the record's owner when the job runs), the box already clamped to the image.
 */
export const ImageToolJobInputSchema = z.object({
  tool: ImageToolSchema,
  /** The image worked on (absent for text to image and for text on a template's scene). */
  source_url: z.string().nullable(),
  /** Its size at call time (the job checks it again). */
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  /** Whether the source is a PNG (results of PNG sources stay PNG). */
  source_png: z.boolean(),
  mask_url: z.string().optional(),
  erase_scale: z.number().int().optional(),
  prompt: z.string().optional(),
  scale: z.union([z.literal(2), z.literal(4)]).optional(),
  box: ImageBoxSchema.optional(),
  aspect_ratio: AspectRatioSchema.optional(),
  style: z.string().optional(),
  text: z.string().optional(),
  text_style: TextStyleSchema.optional(),
  /** composite/text on a mockup template: its id (the text goes on its front surface). */
  template_id: z.string().optional(),
  /** image2image: the size wanted (default: the source's). */
  out_width: z.number().int().optional(),
  out_height: z.number().int().optional(),
});
export type ImageToolJobInput = z.output<typeof ImageToolJobInputSchema>;

/** The generate record kind (and job name) of each tool. */
export const IMAGE_TOOL_KIND = {
  erase: 'image_erase',
  fill: 'image_fill',
  removebg: 'image_removebg',
  segment: 'image_segment',
  upscale: 'image_upscale',
  edit: 'image_edit',
  image2image: 'image_image2image',
  text2image: 'image_text2image',
  text: 'image_text',
  composite_text: 'image_composite_text',
} as const satisfies Record<ImageTool, JobName>;
