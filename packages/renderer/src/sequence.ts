/** A scene as the sequencer sees it. */
export interface SequenceScene {
  id: string;
  main: boolean;
}

/** What a move did: the scene now visible and whether the flow wrapped past the last main scene. */
export interface SequenceStep {
  sceneId: string;
  wrapped: boolean;
}

/**
 * Scene sequencing without timers or DOM: main scenes play in order; a jump to a scene that is
 * not main is pushed on a stack above the active main scene, and `previous` or its time running
 * out comes back down. The bottom of the stack is always the active main scene.
 */
export class SceneSequence {
  private readonly scenes: readonly SequenceScene[];
  private readonly mainIds: string[];
  private stackIds: string[];

  constructor(scenes: readonly SequenceScene[]) {
    if (scenes.length === 0) throw new Error('a program needs at least one scene');
    this.scenes = scenes;
    this.mainIds = scenes.filter((s) => s.main).map((s) => s.id);
    // A program without main scenes (refused by validation) still shows its first scene.
    if (this.mainIds.length === 0) this.mainIds.push(scenes[0]!.id);
    this.stackIds = [this.mainIds[0]!];
  }

  /** The visible scene. */
  get current(): string {
    return this.stackIds[this.stackIds.length - 1]!;
  }

  /** The main scene the flow is at (bottom of the stack). */
  get activeMain(): string {
    return this.stackIds[0]!;
  }

  get stack(): string[] {
    return [...this.stackIds];
  }

  /** Index of the visible scene among all scenes. */
  get slideIndex(): number {
    return this.scenes.findIndex((s) => s.id === this.current);
  }

  /** True when the visible scene is the last main scene and nothing is stacked on it. */
  get atLastMain(): boolean {
    return this.stackIds.length === 1 && this.activeMain === this.mainIds[this.mainIds.length - 1];
  }

  /** The scene `elapsed()` would show: the one below a stacked scene, else the next main scene. */
  get upcoming(): string {
    if (this.stackIds.length > 1) return this.stackIds[this.stackIds.length - 2]!;
    return this.mainIds[(this.mainIds.indexOf(this.activeMain) + 1) % this.mainIds.length]!;
  }

  /** The next main scene; after the last one, the first (`wrapped`). */
  next(): SequenceStep {
    const at = this.mainIds.indexOf(this.activeMain);
    const nextIndex = (at + 1) % this.mainIds.length;
    this.stackIds = [this.mainIds[nextIndex]!];
    return { sceneId: this.current, wrapped: nextIndex <= at };
  }

  /** Pops a stacked scene, or moves to the previous main scene (before the first, the last). */
  previous(): SequenceStep {
    if (this.stackIds.length > 1) {
      this.stackIds.pop();
      return { sceneId: this.current, wrapped: false };
    }
    const at = this.mainIds.indexOf(this.activeMain);
    this.stackIds = [this.mainIds[(at - 1 + this.mainIds.length) % this.mainIds.length]!];
    return { sceneId: this.current, wrapped: false };
  }

  /**
   * Jumps to a scene. A main scene becomes the flow's position (the stack is cleared); another
   * scene is pushed, or, when it is already on the stack, the stack is cut back to it.
   * Returns null for an unknown id.
   */
  goTo(sceneId: string): SequenceStep | null {
    const scene = this.scenes.find((s) => s.id === sceneId);
    if (!scene) return null;
    if (this.mainIds.includes(sceneId)) {
      this.stackIds = [sceneId];
    } else {
      const at = this.stackIds.indexOf(sceneId);
      if (at >= 0) this.stackIds = this.stackIds.slice(0, at + 1);
      else this.stackIds.push(sceneId);
    }
    return { sceneId: this.current, wrapped: false };
  }

  /** The visible scene's time ran out: a stacked scene returns below, a main scene moves on. */
  elapsed(): SequenceStep {
    return this.stackIds.length > 1 ? this.previous() : this.next();
  }
}
