export { UserInfoPage } from './components/user-info-page.tsx';
export { ChangePasswordPage } from './components/change-password-page.tsx';
