/** How long the links the site emails keep working. */
export const tokenLifetimesMs = {
  confirmEmail: 24 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
};
