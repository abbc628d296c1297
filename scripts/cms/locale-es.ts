/**
 * The phrases Decap CMS 3.16's Spanish interface lacks: Decap shows the English ones instead, so the owner
 * read "Add servicios" under a list and "Expand" on a collapsed object. `decapSpanishScript` fills them in
 * from dist/admin/decap-es.js, a file of our own (the admin's CSP allows no inline script) loaded right after
 * decap-cms.js: Decap reads its phrases only once config.yml has arrived, so the missing keys are added to
 * its Spanish locale first, and none of Decap's own phrases is replaced. test/owner/cms.test.ts checks that
 * no English phrase is left without a Spanish one, so a Decap update that adds phrases shows up there.
 */
type Phrases = { [key: string]: string | Phrases }

export const DECAP_ES_ADDITIONS: Phrases = {
  auth: { loginWithAzure: 'Iniciar sesión con Azure', loginWithForgejo: 'Iniciar sesión con Forgejo' },
  collection: {
    sidebar: { allCollections: 'Todas las colecciones', searchIn: 'Buscar en' },
    collectionTop: {
      viewAsList: 'Ver como lista',
      viewAsGrid: 'Ver como cuadrícula',
      searchResults: 'Resultados de búsqueda de "%{searchTerm}"',
      searchResultsInCollection: 'Resultados de búsqueda de "%{searchTerm}" en %{collection}',
      filterBy: 'Filtrar por',
      groupBy: 'Agrupar por',
    },
    entries: { unpublishedHeader: 'Entradas sin publicar' },
    groups: { other: 'Otros', negateLabel: 'No %{label}' },
  },
  editor: {
    editorControl: { field: { widgetLabel: 'Campo %{widgetLabel}' } },
    editorControlPane: {
      widget: { invalidPath: '"%{path}" no es una ruta válida', pathExists: 'La ruta "%{path}" ya existe' },
      i18n: {
        writingInLocale: 'Escribiendo en %{locale}',
        copyFromLocale: 'Copiar de otro idioma',
        copyFromLocaleConfirm:
          '¿Quieres copiar los datos del idioma %{locale}?\nTodo el contenido que ya hay se sobrescribirá.',
      },
    },
    editorInterface: {
      toggleI18n: 'Mostrar u ocultar idiomas',
      togglePreview: 'Mostrar u ocultar la vista previa',
      toggleScrollSync: 'Sincronizar el desplazamiento',
      toggleNotes: 'Mostrar u ocultar las notas',
    },
    editorNotesPane: {
      title: 'Notas',
      emptyState: 'Todavía no hay notas. Añade la primera abajo.',
      addNote: 'Añadir nota',
      addPlaceholder: 'Escribe una nota…',
      editPlaceholder: 'Edita la nota…',
      save: 'Guardar',
      cancel: 'Cancelar',
      edit: 'Editar',
      delete: 'Eliminar',
      resolve: 'Marcar como resuelta',
      unresolve: 'Marcar como pendiente',
      confirmDelete: '¿Seguro que quieres eliminar esta nota?',
      shortcut: 'Consejo: pulsa Ctrl+Enter para añadir la nota',
    },
    editorToolbar: {
      statusInfoTooltipDraft:
        'La entrada es un borrador. Para terminarla y enviarla a revisión, cambia su estado a "En revisión"',
      statusInfoTooltipInReview:
        'La entrada está en revisión: no hace falta nada más, aunque puedes seguir cambiándola mientras tanto.',
    },
    editorWidgets: {
      markdown: {
        bold: 'Negrita',
        italic: 'Cursiva',
        strikethrough: 'Tachado',
        code: 'Código',
        link: 'Enlace',
        linkPrompt: 'Escribe la dirección (URL) del enlace',
        headings: 'Encabezados',
        quote: 'Cita',
        bulletedList: 'Lista con viñetas',
        numberedList: 'Lista numerada',
        addComponent: 'Añadir componente',
        toggleMode: { rich: 'Cambiar a texto enriquecido', markdown: 'Cambiar a Markdown' },
      },
      image: {
        chooseMultiple: 'Elegir imágenes',
        chooseUrl: 'Insertar desde una URL',
        replaceUrl: 'Reemplazar por una URL',
        promptUrl: 'Escribe la dirección (URL) de la imagen',
        addMore: 'Añadir más imágenes',
        removeAll: 'Quitar todas las imágenes',
      },
      file: {
        chooseUrl: 'Insertar desde una URL',
        chooseMultiple: 'Elegir archivos',
        replaceUrl: 'Reemplazar por una URL',
        promptUrl: 'Escribe la dirección (URL) del archivo',
        addMore: 'Añadir más archivos',
        removeAll: 'Quitar todos los archivos',
      },
      datetime: { setToNow: 'Poner %{fieldLabel} en este momento' },
      list: { add: 'Añadir %{item}', addType: 'Añadir %{item}' },
      object: { expand: 'Desplegar', collapse: 'Plegar' },
    },
  },
  mediaLibrary: {
    mediaLibraryCard: {
      copy: 'Copiar',
      copyUrl: 'Copiar URL',
      copyPath: 'Copiar ruta',
      copyName: 'Copiar nombre',
      copied: 'Copiado',
    },
    mediaLibraryModal: { close: 'Cerrar' },
  },
  ui: {
    settingsDropdown: { account: 'Opciones de la cuenta' },
    toast: {
      noteAdded: 'Nota añadida',
      onFailToAddNote: 'No se pudo añadir la nota: %{details}',
      noteUpdated: 'Nota actualizada',
      onFailToUpdateNote: 'No se pudo actualizar la nota: %{details}',
      noteDeleted: 'Nota eliminada',
      onFailToDeleteNote: 'No se pudo eliminar la nota: %{details}',
      noteResolved: 'Nota resuelta',
      noteReopened: 'Nota reabierta',
      onFailToToggleNote: 'No se pudo cambiar el estado de la nota: %{details}',
      onLoggedOut: 'Se cerró tu sesión: copia lo que no hayas guardado e inicia sesión de nuevo',
      onBackendDown: 'El servicio de GitHub tiene una interrupción. Más información en %{details}',
    },
  },
}

/** dist/admin/decap-es.js: adds DECAP_ES_ADDITIONS to Decap's Spanish phrases, never replacing one. */
export function decapSpanishScript(additions: Phrases = DECAP_ES_ADDITIONS): string {
  return `// Generated by scripts/cms/locale-es.ts: the phrases Decap's Spanish interface lacks.
(function () {
  var es = window.CMS && window.CMS.getLocale && window.CMS.getLocale('es')
  if (!es) return
  ;(function add(target, source) {
    for (var key in source) {
      if (typeof source[key] === 'object') add((target[key] = target[key] || {}), source[key])
      else if (target[key] === undefined) target[key] = source[key]
    }
  })(es, ${JSON.stringify(additions)})
})()
`
}
