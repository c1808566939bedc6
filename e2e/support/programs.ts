/** Program documents the end-to-end specs save through the API. */

/** Size and background of {@link blankProgram}. */
export interface BlankProgramOptions {
  w?: number;
  h?: number;
  background?: string;
}

/** A program of one empty main scene, 10 s, no materials (it plays as soon as a player has it). */
export function blankProgram(
  name: string,
  { w = 1920, h = 1080, background = '#000000' }: BlankProgramOptions = {},
) {
  return {
    formatVersion: 2,
    name,
    canvas: { w, h, realWidth: w, realHeight: h },
    scenes: [
      {
        id: 's1',
        name: 'One',
        main: true,
        background: { color: background, materialId: null, fit: 'cover' },
        durationMs: 10_000,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets: [],
      },
    ],
  };
}
