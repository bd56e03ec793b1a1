import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  type FocusEvent,
  type HTMLAttributes,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/*
 * MUI's Tooltip brings Popper.js (some 11 KB gzip) to every page that shows one, and the top bar shows
 * two on every signed-in page. A hint is hovered or focused long after the first paint, so the tooltip's
 * code comes at the first pointer or focus on its element, and the tooltip opens at once.
 */
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

type ChildProps = HTMLAttributes<HTMLElement> & { ref?: unknown };

interface HintProps {
  title: ReactNode;
  children: ReactElement<ChildProps>;
  /** The hint describes the element (it has its own name) rather than naming it: MUI's `describeChild`. */
  describeChild?: boolean;
  placement?: TooltipProps['placement'];
}

/**
 * A tooltip whose code loads when first wanted; until then the element carries the text as MUI's would.
 * A tooltip opened by the screen itself (CopyButton's "Copied") stays MUI's own.
 */
export function Hint({ title, children, describeChild = false, placement }: HintProps) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    const arm = (handler?: (event: never) => void) => (event: never) => {
      handler?.(event);
      setOpen(true);
    };
    const armOnFocus = (event: FocusEvent<HTMLElement>) => {
      children.props.onFocus?.(event);
      // As MUI's does, a hint opens on keyboard focus, not on the focus a click gives.
      if (event.currentTarget.matches(':focus-visible')) setOpen(true);
    };
    return cloneElement(children, {
      // Closed, MUI's tooltip names or describes its element with a text title: so does this.
      ...(typeof title !== 'string'
        ? {}
        : describeChild
          ? { title }
          : { 'aria-label': children.props['aria-label'] ?? title }),
      onMouseEnter: arm(children.props.onMouseEnter),
      onTouchStart: arm(children.props.onTouchStart),
      onFocus: armOnFocus,
    });
  }
  return (
    <Suspense fallback={children}>
      <Tooltip
        title={title}
        describeChild={describeChild}
        placement={placement}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
      >
        {children}
      </Tooltip>
    </Suspense>
  );
}
