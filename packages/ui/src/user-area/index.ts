export { fetchSession } from './session.ts';
export { SignInForm } from './sign-in-form.tsx';
export { type PropertiesState, type UserAreaClient, useUserProperties } from './use-user-area.ts';
export { UserAreaDropdown, type UserAreaDropdownProps } from './user-area-dropdown.tsx';
export { NO_PROPERTIES_INTRO, UserAreaPanel, type UserAreaPanelProps } from './user-area-panel.tsx';
export { SHOW_PROPERTIES_HINT, YourProperties } from './your-properties.tsx';
