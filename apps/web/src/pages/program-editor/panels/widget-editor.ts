/** What every per-type properties editor gets from the panel. */
import type { ProgramDocument, Widget, WidgetProps, WidgetType } from '@apm/contract';

/** Props of a widget type's properties editor. */
export interface WidgetEditorProps<T extends WidgetType> {
  widget: Widget<T>;
  /** The whole program (a button lists its scenes). */
  document: ProgramDocument;
  /** Merges `props` into the widget's; edits of the same `field` in a burst are one undo step. */
  update(props: Partial<WidgetProps<T>>, field: string): void;
  /** Ends a burst (a field left, a picker closed), so the next edit is a step of its own. */
  done(): void;
}
