export { logout } from './login.ts';
