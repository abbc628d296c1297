/**
 * `import data from 'content:<name>'`: content/<name>.yaml, validated, filled in and frozen at build
 * time (scripts/build/content/vite-plugin.ts; jest: scripts/build/content/jest-transform.cjs). Typed by the schema.
 */
declare module 'content:site' {
  const data: import('../../schema/content').Content<'site'>
  export default data
}
declare module 'content:inicio' {
  const data: import('../../schema/content').Content<'inicio'>
  export default data
}
declare module 'content:nosotros' {
  const data: import('../../schema/content').Content<'nosotros'>
  export default data
}
declare module 'content:servicios' {
  const data: import('../../schema/content').Content<'servicios'>
  export default data
}
declare module 'content:ubicacion' {
  const data: import('../../schema/content').Content<'ubicacion'>
  export default data
}
declare module 'content:contacto' {
  const data: import('../../schema/content').Content<'contacto'>
  export default data
}
declare module 'content:promesa' {
  const data: import('../../schema/content').Content<'promesa'>
  export default data
  export const answerHours: number
  export const emergencyHours: number
  export const emergencyService: string
}
