import { cloneElement, useCallback, useState, type MouseEvent, type ReactElement } from 'react';

/** The open state {@link PopupOnFirstUse} hands its popup. */
export interface PopupState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Props of {@link PopupOnFirstUse}. */
export interface PopupOnFirstUseProps {
  /** The button that opens the popup. */
  children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  /**
   * The popup (antd Dropdown or Popover, click trigger) around `trigger`, open as `state` says; it may be
   * loaded lazily, with `trigger` as Suspense's fallback.
   */
  popup: (trigger: ReactElement, state: PopupState) => ReactElement;
  /** The open state, when the caller keeps it (otherwise kept here). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

// The same box before and after the popup mounts, so nothing moves; a flex box has no line box, so the
// button keeps its place (an inline block would sit it on a baseline with room for descenders below).
const ANCHOR_STYLE = { display: 'inline-flex' } as const;

/**
 * A click-opened popup that mounts on the first click and opens then. Until that click only the
 * button renders: antd's popup triggers set state in layout effects at mount, a second render inside
 * the start-up's commit for each of the header's menus, none of which is needed before it is used.
 * The button mounts again inside the popup's trigger, so a keyboard user's focus is put back on it.
 */
export function PopupOnFirstUse({ children, popup, open: kept, onOpenChange }: PopupOnFirstUseProps) {
  const [used, setUsed] = useState<{ focus: boolean }>();
  const [ownOpen, setOwnOpen] = useState(false);
  // The button that had the focus went with the box it replaced: each box that mounts after it (in Suspense's
  // fallback while a lazy popup loads, then in the popup) gives the focus back, unless something else has it.
  const focusOnMount = useCallback(
    (box: HTMLSpanElement | null) => {
      const active = document.activeElement;
      if (box && used?.focus && (active === null || active === document.body)) {
        box.querySelector<HTMLElement>('button, [tabindex]')?.focus();
      }
    },
    [used],
  );

  const open = kept ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (kept === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  if (!used) {
    const onClick = (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      setUsed({ focus: document.activeElement === event.currentTarget });
      setOpen(true);
    };
    return <span style={ANCHOR_STYLE}>{cloneElement(children, { onClick })}</span>;
  }
  return popup(
    <span ref={focusOnMount} style={ANCHOR_STYLE}>
      {children}
    </span>,
    { open, onOpenChange: setOpen },
  );
}
