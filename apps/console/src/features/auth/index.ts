export { LoginPage } from './components/login-page.tsx';
export { RegisterPage } from './components/register-page.tsx';
export { ForgotPasswordPage } from './components/forgot-password-page.tsx';
