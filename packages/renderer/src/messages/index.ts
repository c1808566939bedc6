/** Messages on screen: the layer over a running program (player), and one message drawn now (console). */
export {
  mountMessageLayer,
  type MessageLayer,
  type MessageLayerMemory,
  type MessageLayerOptions,
} from './layer.js';
export { mountMessagePreview, type MessagePreview, type MessagePreviewOptions } from './preview.js';
export { DESIGN_HEIGHT as MESSAGE_DESIGN_HEIGHT, DESIGN_WIDTH as MESSAGE_DESIGN_WIDTH } from './draw.js';
