export { SignInForm } from './sign-in-form.tsx';
export {
  type PropertiesState,
  type UserAreaClient,
  type UserState,
  useUserArea,
} from './use-user-area.ts';
export {
  NO_PROPERTIES_INTRO,
  UserAreaDropdown,
  type UserAreaDropdownProps,
} from './user-area-dropdown.tsx';
export { SHOW_PROPERTIES_HINT, YourProperties } from './your-properties.tsx';
