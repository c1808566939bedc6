import type { Transition } from '@apm/contract';

type Direction = 'left' | 'right' | 'up' | 'down';
type Frame = [offset: number, css: string];

/** Where an entrance starts off-screen: "left" comes in from the left. */
const OFFSET: Record<Direction, string> = {
  left: 'translate3d(-100%,0,0)',
  right: 'translate3d(100%,0,0)',
  up: 'translate3d(0,-100%,0)',
  down: 'translate3d(0,100%,0)',
};
const FAR: Record<Direction, [string, string]> = {
  left: ['translate3d(-2000px,0,0)', 'translate3d(25px,0,0)'],
  right: ['translate3d(2000px,0,0)', 'translate3d(-25px,0,0)'],
  up: ['translate3d(0,-2000px,0)', 'translate3d(0,25px,0)'],
  down: ['translate3d(0,2000px,0)', 'translate3d(0,-25px,0)'],
};

/** Entrance keyframes of each preset, with and without a direction (after animate.css). */
function frames(name: Transition['name'], dir: Direction | undefined): Frame[] {
  switch (name) {
    case 'fade':
      return dir
        ? [
            [0, `opacity:0;transform:${OFFSET[dir]}`],
            [1, 'opacity:1;transform:none'],
          ]
        : [
            [0, 'opacity:0'],
            [1, 'opacity:1'],
          ];
    case 'slide':
      return [
        [0, `transform:${OFFSET[dir ?? 'left']}`],
        [1, 'transform:none'],
      ];
    case 'back': {
      const from = FAR[dir ?? 'up'][0];
      return [
        [0, `opacity:.7;transform:${from} scale(.7)`],
        [0.8, 'opacity:.7;transform:translate3d(0,0,0) scale(.7)'],
        [1, 'opacity:1;transform:none'],
      ];
    }
    case 'bounce': {
      if (!dir)
        return [
          [0, 'opacity:0;transform:scale3d(.3,.3,.3)'],
          [0.2, 'transform:scale3d(1.1,1.1,1.1)'],
          [0.4, 'transform:scale3d(.9,.9,.9)'],
          [0.6, 'opacity:1;transform:scale3d(1.03,1.03,1.03)'],
          [0.8, 'transform:scale3d(.97,.97,.97)'],
          [1, 'opacity:1;transform:none'],
        ];
      const [from, over] = FAR[dir];
      return [
        [0, `opacity:0;transform:${from}`],
        [0.6, `opacity:1;transform:${over}`],
        [0.75, `transform:${over.replace('25px', '-10px').replace('-25px', '10px')}`],
        [1, 'transform:none'],
      ];
    }
    case 'flip': {
      const axis = dir === 'left' || dir === 'right' ? 'Y' : 'X';
      const sign = dir === 'right' || dir === 'down' ? -1 : 1;
      return [
        [0, `opacity:0;transform:perspective(400px) rotate${axis}(${90 * sign}deg)`],
        [0.4, `transform:perspective(400px) rotate${axis}(${-20 * sign}deg)`],
        [0.6, `opacity:1;transform:perspective(400px) rotate${axis}(${10 * sign}deg)`],
        [0.8, `transform:perspective(400px) rotate${axis}(${-5 * sign}deg)`],
        [1, 'transform:perspective(400px)'],
      ];
    }
    case 'lightSpeed': {
      const fromRight = dir === 'right';
      return [
        [0, `opacity:0;transform:${OFFSET[fromRight ? 'right' : 'left']} skewX(${fromRight ? -30 : 30}deg)`],
        [0.6, `opacity:1;transform:skewX(${fromRight ? 20 : -20}deg)`],
        [0.8, `transform:skewX(${fromRight ? -5 : 5}deg)`],
        [1, 'transform:none'],
      ];
    }
    case 'rotate': {
      const origin: Record<Direction, [string, number]> = {
        left: ['left bottom', 45],
        right: ['right bottom', -45],
        up: ['left bottom', -45],
        down: ['right bottom', 45],
      };
      const [at, deg] = dir ? origin[dir] : ['center', -200];
      return [
        [0, `opacity:0;transform-origin:${at};transform:rotate3d(0,0,1,${deg}deg)`],
        [1, `opacity:1;transform-origin:${at};transform:none`],
      ];
    }
    case 'roll': {
      const fromRight = dir === 'right';
      return [
        [
          0,
          `opacity:0;transform:${OFFSET[fromRight ? 'right' : 'left']} rotate3d(0,0,1,${fromRight ? 120 : -120}deg)`,
        ],
        [1, 'opacity:1;transform:none'],
      ];
    }
    case 'zoom': {
      if (!dir)
        return [
          [0, 'opacity:0;transform:scale3d(.3,.3,.3)'],
          [0.5, 'opacity:1'],
          [1, 'opacity:1;transform:none'],
        ];
      const [from] = FAR[dir];
      return [
        [0, `opacity:0;transform:scale3d(.1,.1,.1) ${from}`],
        [0.6, 'opacity:1;transform:scale3d(.475,.475,.475)'],
        [1, 'opacity:1;transform:none'],
      ];
    }
    default:
      return [];
  }
}

const ANIMATED = ['fade', 'slide', 'back', 'bounce', 'flip', 'lightSpeed', 'rotate', 'roll', 'zoom'] as const;
const DIRECTIONS: (Direction | undefined)[] = [undefined, 'left', 'right', 'up', 'down'];

/** The CSS animation name of a preset's entrance, e.g. `apm-in-lightSpeed-left`, or null for a cut. */
export function transitionAnimationName(t: Transition): string | null {
  if (t.name === 'none' || t.durationMs <= 0) return null;
  return `apm-in-${t.name}${t.direction ? `-${t.direction}` : ''}`;
}

/** The `animation` declaration of an entrance, or null for a cut. */
export function transitionAnimation(t: Transition): string | null {
  const name = transitionAnimationName(t);
  return name ? `${name} ${t.durationMs}ms ease-out both` : null;
}

/** Keyframes of every preset and direction, named as `transitionAnimationName` names them. */
export function transitionKeyframesCss(): string {
  const rules: string[] = [];
  for (const name of ANIMATED) {
    for (const direction of DIRECTIONS) {
      const animation = transitionAnimationName({ name, direction, durationMs: 1 })!;
      const body = frames(name, direction)
        .map(([at, css]) => `${Math.round(at * 100)}%{${css}}`)
        .join('');
      rules.push(`@keyframes ${animation}{${body}}`);
    }
  }
  return rules.join('\n');
}

/**
 * A marquee's travel: content enters from the side opposite its `direction` and leaves past the
 * far edge, at `speed` canvas px per second. Returns the transforms and the period in ms.
 */
export function marqueeMotion(
  direction: Direction,
  box: { width: number; height: number },
  content: { width: number; height: number },
  speed: number,
): { from: string; to: string; durationMs: number } {
  const horizontal = direction === 'left' || direction === 'right';
  const distance = horizontal ? box.width + content.width : box.height + content.height;
  const durationMs = Math.max(1, Math.round((distance / speed) * 1000));
  switch (direction) {
    case 'left':
      return { from: `translateX(${box.width}px)`, to: `translateX(${-content.width}px)`, durationMs };
    case 'right':
      return { from: `translateX(${-content.width}px)`, to: `translateX(${box.width}px)`, durationMs };
    case 'up':
      return { from: `translateY(${box.height}px)`, to: `translateY(${-content.height}px)`, durationMs };
    default:
      return { from: `translateY(${-content.height}px)`, to: `translateY(${box.height}px)`, durationMs };
  }
}
