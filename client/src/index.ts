/** @aircraft-images/url: URLs, responsive <img> tags and signed URLs for the aircraft image service. */
export { imageUrl, IMAGE_PATH } from './url.ts'
export { srcset, imgHtml, escapeHtml, type Srcset, type ImgHtmlOptions } from './html.ts'
export { signUrl, canonicalQuery, type SignOptions } from './sign.ts'
export {
  PARAMS,
  RESOLUTION_WIDTHS,
  WIDTH,
  type ImageOptions,
  type ImageParam,
  type ParamSpec,
  type Resolution,
} from './options.ts'
