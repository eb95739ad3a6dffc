import { create } from 'zustand';
import { readSession, SESSION_KEYS, writeSession } from '../../../lib/session-keys.ts';

/** '1' shows visible properties (the default), '0' hidden ones (spec sections 4 and 9). */
interface VisibleFlagState {
  showVisible: boolean;
  setShowVisible(showVisible: boolean): void;
}

export const useVisibleFlag = create<VisibleFlagState>((set) => ({
  showVisible: readSession(SESSION_KEYS.showVisibleProperties) !== '0',
  setShowVisible(showVisible) {
    writeSession(SESSION_KEYS.showVisibleProperties, showVisible ? '1' : '0');
    set({ showVisible });
  },
}));
