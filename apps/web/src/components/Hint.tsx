import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  type FocusEvent,
  type HTMLAttributes,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  type TouchEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { withChunkLoadError } from '../features/shell/chunk-error';

/*
 * MUI's Tooltip brings Popper.js (some 11 KB gzip) to every page that shows one, and the top bar shows
 * two on every signed-in page. A hint is hovered or focused long after the first paint, so the tooltip's
 * code comes at the first pointer or focus on its element.
 *
 * The element itself is never re-parented: the tooltip is a sibling anchored to it. Wrapping it in the
 * tooltip once loaded would mount a new element between a pointer's press and release, and the click
 * (a link opening a receipt, a button) would be lost.
 */
const Tooltip = lazy(withChunkLoadError(() => import('@mui/material/Tooltip')));

/** How long a hint opened by a touch stays, as MUI's `leaveTouchDelay`. */
const TOUCH_HINT_MS = 1500;

type ChildProps = HTMLAttributes<HTMLElement>;

interface HintProps {
  title: ReactNode;
  children: ReactElement<ChildProps>;
  /** The hint describes the element (it has its own name) rather than naming it: MUI's `describeChild`. */
  describeChild?: boolean;
  placement?: TooltipProps['placement'];
  /** Keeps the hint shown whatever the pointer does, e.g. "Copied" after a copy. */
  open?: boolean;
}

/** A tooltip whose code loads when first wanted; the element carries the text as MUI's would. */
export function Hint({ title, children, describeChild = false, placement, open: held = false }: HintProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const open = hovered || held;
  const touchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(touchTimer.current), []);

  const show = (element: HTMLElement) => {
    clearTimeout(touchTimer.current);
    setAnchor(element);
    setHovered(true);
  };
  const hide = () => setHovered(false);
  const own = children.props;
  const titleIsString = typeof title === 'string';

  const element = cloneElement(children, {
    // As MUI's tooltip does: a native title until the hint shows, or the text as the element's name.
    ...(describeChild
      ? { title: !open && titleIsString ? title : undefined, 'aria-describedby': open ? id : undefined }
      : { 'aria-label': own['aria-label'] ?? (titleIsString ? title : undefined) }),
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(event);
      show(event.currentTarget);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // As MUI's does, a hint opens on keyboard focus, not on the focus a click gives.
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      own.onTouchStart?.(event);
      show(event.currentTarget);
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      own.onTouchEnd?.(event);
      touchTimer.current = setTimeout(hide, TOUCH_HINT_MS);
    },
  });

  return (
    <>
      {element}
      {anchor && (
        <Suspense fallback={null}>
          <Tooltip
            id={id}
            title={title}
            placement={placement}
            open={open}
            onClose={hide}
            disableFocusListener
            disableHoverListener
            disableTouchListener
            slotProps={{ popper: { anchorEl: anchor } }}
          >
            {/* MUI's tooltip needs a child to hold its listeners; the anchor is the element above. */}
            <span hidden />
          </Tooltip>
        </Suspense>
      )}
    </>
  );
}
