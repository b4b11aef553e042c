//! The app's entry point: renders [`quirkat_app::App`] into the page body.

fn main() {
    yew::Renderer::<quirkat_app::App>::new().render();
}
