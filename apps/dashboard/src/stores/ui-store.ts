import { create } from 'zustand';

const NARROW_KEY = 'dashboardSidebarNarrow';

function readNarrow(): boolean {
  try {
    return window.localStorage.getItem(NARROW_KEY) === '1';
  } catch {
    return false;
  }
}

interface UiState {
  /** Sidebar in narrow mode (5rem, icons) rather than normal (12rem); kept across visits. */
  narrow: boolean;
  /** The floating sidebar drawer below 768px. */
  drawerOpen: boolean;
  toggleNarrow(): void;
  setDrawerOpen(open: boolean): void;
}

export const useUiStore = create<UiState>((set, get) => ({
  narrow: readNarrow(),
  drawerOpen: false,
  toggleNarrow() {
    const narrow = !get().narrow;
    try {
      window.localStorage.setItem(NARROW_KEY, narrow ? '1' : '0');
    } catch {
      // Not kept; it still applies to this visit.
    }
    set({ narrow });
  },
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));
