import '@inviteflow/contract/en-US';

/**
 * What English needs beyond the Chinese default: the contract's English catalogue (made
 * available by the import above) and Arco's own English texts. Loaded when English is the
 * language, so a Chinese console never downloads it.
 */
export { default as arcoEnUS } from '@arco-design/web-react/es/locale/en-US';
