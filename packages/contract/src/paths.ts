/** Every API path, in one place, for server routes, console calls and tests. */
export const apiPrefix = '/api/v1';

export const apiPaths = {
  health: '/api/health',
  docs: '/api/docs',
  menu: `${apiPrefix}/menu`,
  auth: {
    sendSmsCode: `${apiPrefix}/auth/send-sms-code`,
    register: `${apiPrefix}/auth/register`,
    login: `${apiPrefix}/auth/login`,
    logout: `${apiPrefix}/auth/logout`,
    refresh: `${apiPrefix}/auth/refresh`,
    me: `${apiPrefix}/auth/me`,
    changePassword: `${apiPrefix}/auth/change-password`,
    resetPassword: `${apiPrefix}/auth/reset-password`,
  },
  user: {
    profile: `${apiPrefix}/user/profile`,
  },
  talents: {
    list: `${apiPrefix}/talents`,
    one: (id: number | string) => `${apiPrefix}/talents/${id}`,
    count: `${apiPrefix}/talents/count`,
    facets: `${apiPrefix}/talents/facets`,
    batchStatus: `${apiPrefix}/talents/batch/status`,
    batchLabels: `${apiPrefix}/talents/batch/labels`,
    batchBlacklist: `${apiPrefix}/talents/batch/blacklist`,
    followUps: (id: number | string) => `${apiPrefix}/talents/${id}/follow-ups`,
    importTemplate: `${apiPrefix}/talents/import-template`,
    import: `${apiPrefix}/talents/import`,
    exports: `${apiPrefix}/talents/exports`,
    exportProgress: (exportId: string) => `${apiPrefix}/talents/exports/${exportId}`,
    exportDownload: (token: string) => `${apiPrefix}/talents/exports/download/${token}`,
  },
  blacklist: {
    list: `${apiPrefix}/blacklist`,
    one: (id: number | string) => `${apiPrefix}/blacklist/${id}`,
  },
  templates: {
    scripts: `${apiPrefix}/templates/scripts`,
    script: (id: number | string) => `${apiPrefix}/templates/scripts/${id}`,
    products: `${apiPrefix}/templates/products`,
    product: (id: number | string) => `${apiPrefix}/templates/products/${id}`,
  },
} as const;
