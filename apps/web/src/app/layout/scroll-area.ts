import { createContext, useContext } from 'react';

/**
 * The page area's scroll container and the height of what stays on top of it (issue 10 item 12): the layout's
 * one scroll container is `.layout-body`; with a fixed header, the header and the tab strip stick to its top.
 * Lists stick their column headers right under them (ListPage: antd Table `sticky.offsetHeader`) and take
 * their sticky horizontal scroll bar's scroll events from the container. Outside the layout (tests, pages
 * without the frame) the window scrolls and nothing is on top.
 */
export interface ScrollArea {
  /** Height in px of the sticky header and tab strip at the top of the scroll container (0: none). */
  top: number;
  /** The element that scrolls the pages. */
  getContainer: () => HTMLElement | Window;
}

export const ScrollAreaContext = createContext<ScrollArea>({ top: 0, getContainer: () => window });

export const useScrollArea = () => useContext(ScrollAreaContext);
